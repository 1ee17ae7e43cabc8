// The JSON Patch apply behind AG-UI's STATE_DELTA (src/core/ag-ui/json-patch.ts), on RFC 6902's own examples
// (appendix A) and its failure cases.
import { expect } from '@open-wc/testing';
import { applyPatch, JsonPatchError, type PatchOperation } from '../src/core/ag-ui/json-patch.js';

const apply = (doc: unknown, ...patch: PatchOperation[]) => applyPatch(doc, patch);

describe('applyPatch (AG-UI STATE_DELTA)', () => {
  it('adds an object member, an array element, at the end of an array (-), and a nested member', () => {
    expect(apply({ foo: 'bar' }, { op: 'add', path: '/baz', value: 'qux' })).to.deep.equal({ foo: 'bar', baz: 'qux' });
    expect(apply({ foo: ['bar', 'baz'] }, { op: 'add', path: '/foo/1', value: 'qux' })).to.deep.equal({ foo: ['bar', 'qux', 'baz'] });
    expect(apply({ foo: ['bar'] }, { op: 'add', path: '/foo/-', value: ['abc', 'def'] })).to.deep.equal({ foo: ['bar', ['abc', 'def']] });
    expect(apply({ a: { b: {} } }, { op: 'add', path: '/a/b/c', value: 1 })).to.deep.equal({ a: { b: { c: 1 } } });
    // Adding an existing member replaces it.
    expect(apply({ foo: 1 }, { op: 'add', path: '/foo', value: 2 })).to.deep.equal({ foo: 2 });
  });

  it('removes an object member and an array element', () => {
    expect(apply({ baz: 'qux', foo: 'bar' }, { op: 'remove', path: '/baz' })).to.deep.equal({ foo: 'bar' });
    expect(apply({ foo: ['bar', 'qux', 'baz'] }, { op: 'remove', path: '/foo/1' })).to.deep.equal({ foo: ['bar', 'baz'] });
  });

  it('replaces a value in place (an object keeps its members in order), and the whole document', () => {
    const replaced = apply({ baz: 'qux', foo: 'bar' }, { op: 'replace', path: '/baz', value: 'boo' });
    expect(replaced).to.deep.equal({ baz: 'boo', foo: 'bar' });
    expect(Object.keys(replaced as object)).to.deep.equal(['baz', 'foo']);
    expect(apply([1, 2], { op: 'replace', path: '/0', value: 9 })).to.deep.equal([9, 2]);
    expect(apply({ a: 1 }, { op: 'replace', path: '', value: { b: 2 } })).to.deep.equal({ b: 2 });
  });

  it('moves, copies and tests', () => {
    const doc = { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } };
    expect(apply(doc, { op: 'move', from: '/foo/waldo', path: '/qux/thud' })).to.deep.equal({
      foo: { bar: 'baz' },
      qux: { corge: 'grault', thud: 'fred' },
    });
    expect(apply({ foo: ['all', 'grass', 'cows', 'eat'] }, { op: 'move', from: '/foo/1', path: '/foo/3' })).to.deep.equal({
      foo: ['all', 'cows', 'eat', 'grass'],
    });
    expect(apply({ a: [1] }, { op: 'copy', from: '/a', path: '/b' })).to.deep.equal({ a: [1], b: [1] });
    expect(apply({ baz: 'qux', foo: ['a', 2, 'c'] }, { op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 })).to.deep.equal({
      baz: 'qux',
      foo: ['a', 2, 'c'],
    });
    // Objects are equal whatever the order of their members.
    expect(apply({ o: { a: 1, b: 2 } }, { op: 'test', path: '/o', value: { b: 2, a: 1 } })).to.deep.equal({ o: { a: 1, b: 2 } });
  });

  it('reads escaped pointers (~1 is /, ~0 is ~)', () => {
    expect(apply({ 'a/b': 1, 'm~n': 2 }, { op: 'replace', path: '/a~1b', value: 3 }, { op: 'remove', path: '/m~0n' })).to.deep.equal({ 'a/b': 3 });
  });

  it('leaves the document it was given as it was', () => {
    const doc = { list: [1, 2], nested: { a: 1 } };
    const value = { deep: true };
    const patched = apply(doc, { op: 'add', path: '/list/-', value }, { op: 'remove', path: '/nested/a' });
    expect(doc).to.deep.equal({ list: [1, 2], nested: { a: 1 } });
    (value as { deep: boolean }).deep = false;
    expect(patched).to.deep.equal({ list: [1, 2, { deep: true }], nested: {} });
  });

  it('fails whole, naming the operation: a missing target, a missing parent, a bad index, a failed test, a move into itself', () => {
    const cases: [unknown, PatchOperation[], RegExp][] = [
      [{ foo: 'bar' }, [{ op: 'remove', path: '/baz' }], /operation 0 \(remove \/baz\)/],
      [{ foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 1 }], /nothing at/],
      [{ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }], /has no parent/],
      [{ foo: [1] }, [{ op: 'add', path: '/foo/5', value: 2 }], /out of bounds/],
      [{ foo: [1] }, [{ op: 'add', path: '/foo/01', value: 2 }], /not an array index/],
      [{ baz: 'qux' }, [{ op: 'add', path: '/ok', value: 1 }, { op: 'test', path: '/baz', value: 'bar' }], /operation 1 \(test \/baz\)/],
      [{ a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a/c' }], /into itself/],
      [{}, [{ op: 'add', path: 'no-slash', value: 1 }], /not a JSON pointer/],
    ];
    for (const [doc, patch, message] of cases) {
      const before = JSON.stringify(doc);
      expect(() => applyPatch(doc, patch), JSON.stringify(patch)).to.throw(JsonPatchError, message);
      expect(JSON.stringify(doc)).to.equal(before);
    }
  });
});
