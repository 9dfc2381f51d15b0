// The selects a DeferredSelect loads (deferred-select.tsx): Mantine's Select, and the type-ahead one built on it.
export { Select } from '@mantine/core';
export { TypeAheadSelect } from './type-ahead-select';
