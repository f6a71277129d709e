// Applies the dashboard's custom CSS without what it would load from other hosts (@import, url() elsewhere): CSS
// saved before the server checked it, or being edited, cannot make viewers' browsers call out.
import { useEffect, useState } from 'react';

export default function DashboardCss({ css }: { css: string }) {
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSafe(null);
    // PostCSS loads only for dashboards that have CSS of their own.
    void import('@nezha/core/dashboard-css').then(({ stripOutsideResources }) => {
      if (current) setSafe(stripOutsideResources(css));
    });
    return () => {
      current = false;
    };
  }, [css]);
  return safe ? <style data-test="dashboard-css">{safe}</style> : null;
}
