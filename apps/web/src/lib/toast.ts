import { toast } from 'sonner';

/** The one way to tell the user something happened (spec section 9: one toast at a time, 5 s). */
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
  info: (title: string, description?: string) => toast(title, { description }),
};
