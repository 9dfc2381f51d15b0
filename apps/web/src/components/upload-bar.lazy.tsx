import { Progress } from '@mantine/core';

/** The moving bar of an upload under way (upload-progress.tsx), loaded with the first upload (decision 133). */
export function UploadBar() {
  return <Progress value={100} striped animated size="sm" aria-hidden />;
}
