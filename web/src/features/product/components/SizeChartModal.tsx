import { useState } from 'react';
import { Modal } from '@/shared/components/ui/Modal';

/** 'Find your Size' with an In/Cm toggle (spec 001 §2); images: [inches, cm]. A lazy chunk. */
export default function SizeChartModal({ onClose, images }: { onClose: () => void; images: string[] }) {
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const src = unit === 'in' ? images[0] : (images[1] ?? images[0]);
  return (
    <Modal open title="Find your Size" onClose={onClose} variant="sheet" id="size-chart-modal">
      <div className="segmented" role="group" aria-label="Units">
        <button type="button" aria-pressed={unit === 'in'} onClick={() => setUnit('in')}>
          In
        </button>
        <button type="button" aria-pressed={unit === 'cm'} onClick={() => setUnit('cm')}>
          Cm
        </button>
      </div>
      {src ? <img className="size-chart__img" src={src} alt={`Size chart in ${unit === 'in' ? 'inches' : 'centimetres'}`} /> : null}
    </Modal>
  );
}
