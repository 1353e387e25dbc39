import type { Db } from '../db/client.js';

export function draftsRepository(db: Db) {
  void db;
  return {};
}
