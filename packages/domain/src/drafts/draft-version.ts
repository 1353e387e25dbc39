/**
 * The highest edit sequence a draft save may carry (the database keeps it as a 32-bit integer). A module of its
 * own: the phone's drafts read it with every save, without the merging code.
 */
export const DRAFT_VERSION_MAX = 2_147_483_647;
