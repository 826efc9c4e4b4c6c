import { forgetApiCalls, getApiCalls, type ApiCalls } from './apiPermissions';
import { forgetCategories, getCategories, type Category } from './categories';

/**
 * What react-admin's `usePermissions` gives every screen: the menu entries
 * (which screens open) and the API calls (which buttons show), loaded
 * together for the session.
 */
export interface AdminPermissions {
  categories: Category[];
  calls: ApiCalls;
}

export async function getAdminPermissions(): Promise<AdminPermissions> {
  const [categories, calls] = await Promise.all([getCategories(), getApiCalls()]);
  return { categories, calls };
}

export function forgetPermissions(): void {
  forgetCategories();
  forgetApiCalls();
}
