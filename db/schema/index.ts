export * from "./users";
export * from "./sessions";
export * from "./themes";
export * from "./media";
export * from "./articles";
export * from "./events";
export * from "./contact";
export * from "./audit";
