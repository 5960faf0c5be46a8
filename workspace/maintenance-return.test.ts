import {
  MAINTENANCE_RETURN_DEFAULT,
  rememberMaintenanceReturn,
  returnable,
  takeMaintenanceReturn,
} from './maintenance-return';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('the page a user returns to when maintenance ends', () => {
  it('is the page the guard sent to /maintenance, with its query, once', () => {
    const s = memory();
    rememberMaintenanceReturn('/assets?companyId=4', s);
    expect(takeMaintenanceReturn(s)).toBe('/assets?companyId=4');
    expect(takeMaintenanceReturn(s)).toBe(MAINTENANCE_RETURN_DEFAULT);
  });

  it('is never a sign-in, sign-out or maintenance page, nor another origin', () => {
    for (const p of [
      '/signOut',
      '/signIn?path=/x',
      '/maintenance',
      '/clients/signin?interaction=a',
      '//evil.example/x',
      'https://evil.example',
    ])
      expect(returnable(p)).toBe(false);
    const s = memory();
    rememberMaintenanceReturn('/signOut', s);
    expect(takeMaintenanceReturn(s)).toBe('/');
    s.setItem('lci.maintenanceReturn', '//evil.example/');
    expect(takeMaintenanceReturn(s)).toBe('/');
  });

  it('is the home page when storage is missing or refuses', () => {
    expect(takeMaintenanceReturn(null)).toBe('/');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberMaintenanceReturn('/dashboard', refusing)).not.toThrow();
    expect(takeMaintenanceReturn(refusing)).toBe('/');
  });
});
