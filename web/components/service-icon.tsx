import { FolderCheck, type LucideProps, Network, Radar, UserSearch, Waypoints } from "lucide-react";
import type { ServiceId } from "../../src/contracts/services";

/** Each service's own mark, so the cards and lists tell them apart at a glance. */
const ICONS: Record<ServiceId, (props: LucideProps) => React.ReactNode> = {
  "asset-map": Network,
  "transaction-trace": Waypoints,
  "judgment-intel": Radar,
  "individual-asset-check": UserSearch,
  "record-ready-prep": FolderCheck,
};

export function ServiceIcon({ id, className }: { id: ServiceId; className?: string }) {
  const Icon = ICONS[id];
  return <Icon className={className} aria-hidden="true" strokeWidth={1.6} />;
}
