import { Route, Routes } from 'react-router-dom';
import { EndpointList } from './EndpointList';
import { EndpointDetail } from './EndpointDetail';
import { DeliveryDetail } from './DeliveryDetail';

/** "Webhooks" (its own chunk): the endpoints, one endpoint with its deliveries, one delivery's attempts. */
export default function WebhooksPage() {
  return (
    <Routes>
      <Route index element={<EndpointList />} />
      <Route path=":id" element={<EndpointDetail />} />
      <Route path=":id/deliveries/:deliveryId" element={<DeliveryDetail />} />
    </Routes>
  );
}
