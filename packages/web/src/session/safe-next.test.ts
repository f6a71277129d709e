// The post-login redirect stays on this site.
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('goes to the Home page without a next parameter', () => {
    expect(safeNextPath(null)).toBe('/superset/welcome/');
  });

  it('keeps a local path with its query string', () => {
    expect(safeNextPath('/databaseview/list/?x=1')).toBe('/databaseview/list/?x=1');
  });

  it('refuses other origins and the login page itself', () => {
    expect(safeNextPath('https://evil.example/')).toBe('/superset/welcome/');
    expect(safeNextPath('//evil.example/')).toBe('/superset/welcome/');
    expect(safeNextPath('/\\evil.example/')).toBe('/superset/welcome/');
    expect(safeNextPath('/login/?next=/x')).toBe('/superset/welcome/');
  });

  it('encodes the current location into the login link', () => {
    expect(loginPathFor('/users/list/', '?page=2')).toBe('/login/?next=%2Fusers%2Flist%2F%3Fpage%3D2');
  });
});
