import type { Db } from '../db/client.js';

export function propertiesRepository(db: Db) {
  void db;
  return {};
}
