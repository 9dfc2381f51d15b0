import { LoadingOverlay } from '@mantine/core';
import { useIsLoading } from '@/lib/loading';

export function GlobalLoadingOverlay() {
  const visible = useIsLoading();
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      data-testid="loading-overlay"
    />
  );
}
