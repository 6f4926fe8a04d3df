/** French names of the device classes of « Audience » (issue 35 §1): the screen's table and the server's CSV. */
export const DEVICE_LABELS = { mobile: "Mobile", tablet: "Tablette", desktop: "Ordinateur" } as const;
