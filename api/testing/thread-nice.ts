/** Test helper: the nice value of each thread of this process, by thread id (Linux's is per thread). */
import { readdirSync, readFileSync } from "node:fs";

export function niceByThread(): Map<string, number> {
  const nice = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8");
      // Fields after the command's closing parenthesis; the nice value is the 19th field of the line.
      nice.set(tid, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return nice;
}
