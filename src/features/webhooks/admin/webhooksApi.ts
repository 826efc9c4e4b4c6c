import type { BodyOf } from '../../../core/shared/api/operation';
import type { Static } from '../../../core/shared/api/schema';
import * as contract from '../contract';
import { call } from '../../../core/admin/api/http';

export type EndpointView = Static<typeof contract.WebhookEndpoint>;
export type DeliveryView = Static<typeof contract.WebhookDelivery>;
export type EndpointBody = BodyOf<typeof contract.createEndpoint>;
export type EndpointChange = BodyOf<typeof contract.updateEndpoint>;

const enc = encodeURIComponent;
const BASE = '/api/auth/webhooks';
const one = (id: string) => `${BASE}/${enc(id)}`;

export const loadEndpoints = () => call(contract.listEndpoints, BASE).then((r) => r.data);
export const loadEndpoint = (id: string) => call(contract.getEndpoint, one(id));
export const createEndpoint = (body: EndpointBody) => call(contract.createEndpoint, BASE, { method: 'POST', body });
export const updateEndpoint = (id: string, body: EndpointChange) => call(contract.updateEndpoint, one(id), { method: 'PUT', body });
export const deleteEndpoint = (id: string) => call(contract.deleteEndpoint, one(id), { method: 'DELETE' });
export const rotateSecret = (id: string) => call(contract.rotateSecret, `${one(id)}/rotate-secret`, { method: 'POST' });
export const sendTest = (id: string) => call(contract.sendTest, `${one(id)}/test`, { method: 'POST' });
export const replay = (id: string, since: string) => call(contract.replay, `${one(id)}/replay`, { method: 'POST', body: { since } });
export const loadDeliveries = (id: string, page: number, status: string) =>
  call(contract.listDeliveries, `${one(id)}/deliveries?page=${page}&limit=25${status ? `&status=${enc(status)}` : ''}`);
export const loadDelivery = (id: string, deliveryId: string) => call(contract.getDelivery, `${one(id)}/deliveries/${enc(deliveryId)}`);
export const redeliver = (id: string, deliveryId: string) =>
  call(contract.redeliver, `${one(id)}/deliveries/${enc(deliveryId)}/redeliver`, { method: 'POST' });
