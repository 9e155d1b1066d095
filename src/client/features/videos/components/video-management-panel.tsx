import { lazy, useState } from 'react';
import { useSearch } from 'wouter';
import { Tabs } from '~/client/components/ui/tabs';
import { PanelHeader } from '~/client/components/ui/panel-parts';

/** Spec 2 '/admin/videos': three tabs, each its own chunk. */
const UploadPanel = lazy(() => import('./video-upload-panel'));
const ManagePanel = lazy(() => import('./videos-manage-panel'));
const ModeratePanel = lazy(() => import('./comments-moderate-panel'));

const videoTabs = [
  { id: 'upload', label: 'Upload', panel: <UploadPanel /> },
  { id: 'manage', label: 'Manage', panel: <ManagePanel /> },
  { id: 'moderate', label: 'Moderate Comments', panel: <ModeratePanel /> },
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
      <Tabs
        look="sections"
        items={videoTabs}
        selected={selected}
        onSelect={setSelected}
        label="Video management sections"
      />
    </section>
  );
}
