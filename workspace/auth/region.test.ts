import { callRegion, regionApiBase } from './region';

const cfg = {
  region: 'ue1',
  regionUrls: { ue1: 'https://us.example.com', ec1: 'https://eu.example.com/', uw2: 'https://us2.example.com' },
};

test("the calls go to the tenant's region, else the chosen one, else the deployment's", () => {
  expect(callRegion('ec1', 'uw2', 'ue1')).toBe('ec1');
  expect(callRegion(null, 'uw2', 'ue1')).toBe('uw2');
  expect(callRegion(undefined, null, 'ue1')).toBe('ue1');
});

test("another region's calls go to its deployment's origin; this region's stay here", () => {
  const here = 'https://us.example.com';
  expect(regionApiBase(cfg, 'ec1', here)).toBe('https://eu.example.com');
  expect(regionApiBase(cfg, 'uw2', here)).toBe('https://us2.example.com');
  expect(regionApiBase(cfg, 'ue1', here)).toBe('');
  // A deployment reached under the mapped origin of the region asked for: nothing to prefix.
  expect(regionApiBase({ ...cfg, region: 'ec1' }, 'ue1', 'https://us.example.com')).toBe('');
});

test("a region without a mapping stays here and is logged ('Missing region mapping')", () => {
  const logged: string[] = [];
  const log = (m: string, c: string) => logged.push(`${m} ${c}`);
  expect(regionApiBase({ region: 'ue1', regionUrls: { ec1: 'https://eu.example.com' } }, 'uw2', 'x', log)).toBe('');
  expect(logged).toEqual(['Missing region mapping uw2']);
  // One deployment, no map: every region is this one, nothing logged.
  expect(regionApiBase({ region: 'ue1' }, 'ec1', 'x', log)).toBe('');
  expect(regionApiBase(null, 'ec1', 'x', log)).toBe('');
  expect(logged).toHaveLength(1);
});
