// The rule every new password meets, whether an admin sets it or the user changes their own.
import { z } from 'zod';

export const newPasswordField = z.string().min(8, 'Password must be at least 8 characters long.').max(1024);
