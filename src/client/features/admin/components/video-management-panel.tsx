import { lazy, useState } from 'react';
import { useSearch } from 'wouter';
import { AdminTabs, type AdminTab } from './admin-tabs';
import { PanelHeader } from './panel-parts';

/** Spec 2 '/admin/videos': three tabs, each its own chunk. */
const videoTabs: AdminTab[] = [
  { id: 'upload', label: 'Upload', Panel: lazy(() => import('./video-upload-panel')) },
  { id: 'manage', label: 'Manage', Panel: lazy(() => import('./videos-manage-panel')) },
  {
    id: 'moderate',
    label: 'Moderate Comments',
    Panel: lazy(() => import('./comments-moderate-panel')),
  },
];

/**
 * Video Management: on the dashboard as a tab and at /admin/videos. `?tab=moderate` (the link in
 * the office's comment email) opens that tab.
 */
export default function VideoManagementPanel() {
  const asked = new URLSearchParams(useSearch()).get('tab');
  const [selected, setSelected] = useState(
    videoTabs.some((tab) => tab.id === asked) ? asked! : 'upload',
  );
  return (
    <section className="flex flex-col gap-4">
      <PanelHeader
        title="Video Management"
        description="Upload teachings, publish them on the videos page and review visitors’ comments."
      />
      <AdminTabs
        tabs={videoTabs}
        selected={selected}
        onSelect={setSelected}
        label="Video management sections"
      />
    </section>
  );
}
