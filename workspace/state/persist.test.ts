import { clearAllState, loadState, saveState, STORAGE_PREFIX } from './persist';

class MemoryStorage {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}
const DAY = 86_400_000;

test('a value reads back within one day', () => {
  const s = new MemoryStorage();
  saveState(s, 'company', { id: 7 }, 1_000);
  expect(loadState(s, 'company', 1_000 + DAY - 1)).toEqual({ id: 7 });
  expect(s.getItem(`${STORAGE_PREFIX}company`)).toContain('"exp"');
});

test('a value expires after one day and is removed', () => {
  const s = new MemoryStorage();
  saveState(s, 'company', 3, 1_000);
  expect(loadState(s, 'company', 1_000 + DAY)).toBeUndefined();
  expect(s.getItem(`${STORAGE_PREFIX}company`)).toBeNull();
});

test('corrupt entries are dropped', () => {
  const s = new MemoryStorage();
  s.setItem(`${STORAGE_PREFIX}x`, '{not json');
  s.setItem(`${STORAGE_PREFIX}y`, JSON.stringify({ something: 1 }));
  expect(loadState(s, 'x')).toBeUndefined();
  expect(loadState(s, 'y')).toBeUndefined();
  expect(s.length).toBe(0);
});

test('clearAllState removes only workspace keys', () => {
  const s = new MemoryStorage();
  saveState(s, 'a', 1);
  saveState(s, 'b', 2);
  s.setItem('other', 'keep');
  clearAllState(s);
  expect([...s.map.keys()]).toEqual(['other']);
});
