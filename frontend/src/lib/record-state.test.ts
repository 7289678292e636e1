import { ApiError } from '@/lib/api-client';
import { recordIdOf } from '@/lib/record-id';
import { recordState } from '@/lib/record-state';

const ID = '0b7c5a4e-6f0d-4e0a-9a55-3d1f2b8c9e10';
const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
const forbidden = new ApiError({ status: 403, code: 'FORBIDDEN', title: 'Forbidden' });

describe('the record an edit or details URL names', () => {
  it('is the UUID in ?id=', () => {
    expect(recordIdOf(new URLSearchParams({ id: ID }))).toBe(ID);
    expect(recordIdOf(new URLSearchParams({ id: ID.toUpperCase() }))).toBe(ID.toUpperCase());
  });

  it('is none when ?id= is missing, empty or not an id', () => {
    expect(recordIdOf(new URLSearchParams())).toBeNull();
    expect(recordIdOf(new URLSearchParams({ id: '' }))).toBeNull();
    expect(recordIdOf(new URLSearchParams({ id: 'undefined' }))).toBeNull();
    expect(recordIdOf(new URLSearchParams({ id: `${ID}x` }))).toBeNull();
  });
});

describe('what an edit or details screen shows', () => {
  const waiting = { data: undefined, error: null, isError: false };

  it('goes back to the list when the URL names no record, without waiting for anything', () => {
    expect(recordState(waiting, true)).toBe('gone');
  });

  it('goes back to the list when the server has no such record', () => {
    expect(recordState({ data: undefined, error: notFound, isError: true })).toBe('gone');
  });

  it('says any other failure on the screen', () => {
    expect(recordState({ data: undefined, error: forbidden, isError: true })).toBe('failed');
    expect(recordState({ data: undefined, error: new Error('offline'), isError: true })).toBe('failed');
  });

  it('waits for the record, then shows it', () => {
    expect(recordState(waiting)).toBe('loading');
    expect(recordState({ data: { id: ID }, error: null, isError: false })).toBe('ready');
  });
});
