/** A camera problem, in words for the engineer. */
export class CameraError extends Error {}

/** Opens the back camera; throws a CameraError that tells the engineer plainly what happened. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError('This browser cannot use the camera here. Type the value instead.');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (e) {
    const name = e instanceof DOMException ? e.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError')
      throw new CameraError(
        'Camera access was refused. Allow the camera for this site in the browser settings, or type the value instead.',
        { cause: e },
      );
    if (name === 'NotFoundError' || name === 'OverconstrainedError')
      throw new CameraError('No camera was found on this device. Type the value instead.', { cause: e });
    if (name === 'NotReadableError')
      throw new CameraError(
        'The camera is in use by another app. Close it and scan again, or type the value instead.',
        {
          cause: e,
        },
      );
    throw new CameraError('The camera could not start. Type the value instead.', { cause: e });
  }
}

export function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
