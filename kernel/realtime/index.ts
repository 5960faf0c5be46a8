// SCAFFOLD: replaced by the realtime work (kernel/realtime).
import type { Kernel, Realtime } from '../kernel';
export async function createRealtime(_k: Kernel): Promise<Realtime> { throw new Error('kernel/realtime not built yet'); }
