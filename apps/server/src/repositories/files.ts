import type { Db } from '../db/client.js';

export function filesRepository(db: Db) {
  void db;
  return {};
}
