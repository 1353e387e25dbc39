/** A photo that cannot be added, with the reason for the engineer. */
export class PhotoError extends Error {}
