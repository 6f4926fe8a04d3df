/** The last answer of a list kept on screen while the next page loads (no empty table between pages). */
import { useEffect, useState } from "react";

export function useShown<T>(data: T | undefined): T | undefined {
  const [shown, setShown] = useState(data);
  useEffect(() => {
    if (data) setShown(data);
  }, [data]);
  return shown;
}
