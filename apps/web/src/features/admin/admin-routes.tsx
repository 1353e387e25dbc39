import { Navigate, Route, Routes } from 'react-router';
import { DesignParametersPage } from './design-parameters/design-parameters-page';
import { PropertiesPage } from './properties/properties-page';
import { SitesPage } from './sites/sites-page';

/** /admin/sites, /admin/properties and /admin/design-parameters (the router guards the admin role). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="sites" replace />} />
      <Route path="sites" element={<SitesPage />} />
      <Route path="properties" element={<PropertiesPage />} />
      <Route path="design-parameters" element={<DesignParametersPage />} />
      <Route path="*" element={<p className="p-4">404 - Not Found</p>} />
    </Routes>
  );
}
