import { useEffect, useRef } from 'react';
import { Card } from '../../../components/ui/card';
import { drawSignature, padShown, recoverPendingSignature } from '../lib/pending-signature';
import { browserStorage } from '../state/local-cache';
import { usePhotoUrl, useWizard } from '../state/wizard-provider';
import { SignaturePad } from '../../../components/signature-pad';

/**
 * The engineer's signature card (step 7 and the failure evidence screen): each stroke is kept on the device
 * at once, and one drawn just before a reload or closed tab is stored when the card shows again.
 */
export function EngineerSignature({ headingId }: { headingId: string }) {
  const { state, setSignature, hydrated } = useWizard();
  const signatureUrl = usePhotoUrl(state.wizardData.photosSignature.signature || undefined);
  const recovered = useRef(false);
  useEffect(padShown, []);
  useEffect(() => {
    if (!hydrated || recovered.current) return;
    recovered.current = true;
    void recoverPendingSignature(browserStorage(), state, setSignature);
  }, [hydrated, state, setSignature]);
  return (
    <Card className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold">
        Engineer Signature <span className="text-fail">*</span>
      </h2>
      <SignaturePad
        imageUrl={signatureUrl ?? null}
        onChange={(png) => void drawSignature(browserStorage(), state.ownerId, png, setSignature)}
        labelledBy={headingId}
      />
    </Card>
  );
}
