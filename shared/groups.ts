/** French names of the member groups (spec §3): the back office's labels and the server's bulk summaries. */
export const GROUP_LABELS: Record<string, string> = {
  cercleImp: "Cercle Impulsion",
  cercleAx: "Cercle Axiologique",
  bureau: "Bureau",
};
