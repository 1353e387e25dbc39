import { useState } from 'react';
import { missingForNext, isEntered, isValidValveSerial, packOf, VALVE_SERIAL_MESSAGE } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useWizard } from '../state/wizard-provider';
import { MeasurementList } from '../components/measurement-list';
import { PhotoCapture } from '../components/photo-capture';
import { EngineerSignature } from '../components/engineer-signature';
import { signatureKept, useSignatureInHand } from '../lib/pending-signature';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { YesNoField } from '../components/yes-no-field';
import { useStep } from '../lib/use-step';
import { PackFields } from '../components/pack-fields';
import { IssuesList, RequiredPhotos } from '../components/pack-photos-issues';
import { NetworkIssues } from '../components/network-issues';
import { ScanButton } from '../scanner/scan-button';

export function PhotosSignatureStep() {
  const { state, update, addPhoto, removePhoto, relabelPhoto } = useWizard();
  const { step, ranges, saveAndContinue } = useStep('photos-signature');
  const d = state.wizardData;
  const p = d.photosSignature;
  const [serialTouched, setSerialTouched] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [addingPhotos, setAddingPhotos] = useState(0);

  // Photos are reduced on the phone before they are kept; one at a time keeps memory low on old phones.
  const addPhotos = async (files: File[]) => {
    setPhotoError(null);
    setAddingPhotos((n) => n + files.length);
    for (const file of files) {
      try {
        await addPhoto(file, '');
      } catch (e) {
        setPhotoError(e instanceof Error ? e.message : 'The photo could not be added');
      } finally {
        setAddingPhotos((n) => n - 1);
      }
    }
  };
  // A stroke just drawn counts at once; its file is kept before the step is left, so the first tap acts.
  const drawing = useSignatureInHand(false);
  const [leaving, setLeaving] = useState(false);
  const reviewAndSubmit = async () => {
    if (leaving) return;
    setLeaving(true);
    // Not kept (the phone's storage refused it): the step stays, still needing a signature.
    if (!(await signatureKept())) return setLeaving(false);
    saveAndContinue();
  };
  const serial = p.remoteCutOffValveSerial.trim();
  const serialInvalid = isEntered(serial) && !isValidValveSerial(serial);
  // While typing, only complain once the text can no longer become valid ("N" may become "NA").
  const serialHopeless = serialInvalid && !/^n$/i.test(serial);

  return (
    <WizardChrome
      step={step}
      primary={
        <NextButton
          label="Review & Submit"
          missing={missingForNext(7, drawing ? { ...d, photosSignature: { ...p, signature: 'drawn' } } : d)}
          busy={leaving}
          onClick={() => void reviewAndSubmit()}
        />
      }
    >
      <div className="space-y-4">
        <Card className="space-y-3">
          <h2 className="text-lg font-bold">Photos</h2>
          <PhotoCapture
            photos={p.photos}
            onAdd={(files) => void addPhotos(files)}
            adding={addingPhotos}
            error={photoError}
            onRemove={(id) => void removePhoto(id)}
            onRelabel={(id, label) => relabelPhoto(id, label)}
            suggestions={packOf(d).photoTags}
          />
          <RequiredPhotos />
        </Card>

        <EngineerSignature headingId="signature-heading" />

        <Card className="space-y-5">
          <MeasurementList step={7} ranges={ranges} />
          <PackFields step={7} ranges={ranges} />
          <Field
            label="Remote Cut Off Valve Serial"
            required
            hint='Numbers only, or "NA" if there is no valve'
            error={serialInvalid && (serialTouched || serialHopeless) ? VALVE_SERIAL_MESSAGE : undefined}
            action={
              <ScanButton
                label="remote cut off valve serial"
                name="Scan valve barcode"
                check={(v) => (isValidValveSerial(v) ? null : VALVE_SERIAL_MESSAGE)}
                onUse={(v) => update((w) => void (w.photosSignature.remoteCutOffValveSerial = v))}
              />
            }
          >
            <Input
              value={p.remoteCutOffValveSerial}
              onChange={(e) => update((w) => void (w.photosSignature.remoteCutOffValveSerial = e.target.value))}
              onBlur={() => setSerialTouched(true)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
            />
          </Field>
          <YesNoField
            label="Heating controller set correctly"
            required
            value={p.heatingControllerSet}
            onChange={(v) => update((w) => void (w.photosSignature.heatingControllerSet = v))}
            hint={
              p.heatingControllerSet === false ? 'Set the heating controller correctly before continuing.' : undefined
            }
          />
        </Card>
        <IssuesList />
        <NetworkIssues />
      </div>
    </WizardChrome>
  );
}
