import { useEffect, useState, type ComponentType } from 'react';
import { useStoreState } from '../ui/useStoreState';
import type { CloseGuard } from './closeGuard';

type Dialog = ComponentType<{ guard: CloseGuard }>;

export function CloseConfirmSlot({ guard }: { guard: CloseGuard }) {
  const { asking } = useStoreState(guard.store);
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  useEffect(() => {
    if (asking && !Dialog) void import('./CloseConfirm').then((m) => setDialog(() => m.CloseConfirm));
  }, [asking, Dialog]);
  return asking && Dialog ? <Dialog guard={guard} /> : null;
}
