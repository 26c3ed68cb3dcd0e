import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  text: string;
  tone: ToastTone;
  duration: number;
}

interface ToastState {
  items: ToastItem[];
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  items: [],
  dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
}));

/** Shows a toast from anywhere (React or not). Texts must already be translated. */
export function showToast(text: string, tone: ToastTone = 'info', duration = 3000): void {
  const item: ToastItem = { id: nextId++, text, tone, duration };
  // The same text twice in a row (several calls failing together) shows once.
  useToasts.setState((state) => ({
    items: state.items.some((existing) => existing.text === text) ? state.items : [...state.items.slice(-3), item],
  }));
}
