/** The site's calendar files use the one iCalendar writer, shared with the registration mails. */
export * from "../../../shared/ics";
