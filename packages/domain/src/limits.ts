// Sizes of photos and uploads, shared by the phone (which reduces a photo before it queues it) and the server
// (which refuses a file above the limit).

/** Decision 007, ruling 8: a photo is reduced on the device to about this many pixels on its longest side. */
export const PHOTO_MAX_SIDE = 1600;
/** A reduced photo is at most this size; a detailed one is encoded again at lower qualities until it fits. */
export const PHOTO_MAX_BYTES = 400 * 1024;
/** One stored file (PUT /api/files answers 413 above it): room for a photo the phone could not reduce. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
