import { createRoot } from 'react-dom/client';
import CmsPanel from './CmsPanel.tsx';

/** Mounts the panel once into the container every page keeps across navigations. */
export function mountCmsPanel(): void {
  const container = document.getElementById('cms-root');
  if (!container || container.dataset.mounted) return;
  container.dataset.mounted = 'true';
  createRoot(container).render(<CmsPanel />);
}
