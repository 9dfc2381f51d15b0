// The selects a DeferredSelect or DeferredMultiSelect loads (deferred-select.tsx): Mantine's Select and MultiSelect,
// and the type-ahead select built on Select.
export { MultiSelect, Select } from '@mantine/core';
export { TypeAheadSelect } from './type-ahead-select';
