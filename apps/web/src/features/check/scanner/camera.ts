/** Opens the back camera; throws an Error whose message tells the engineer plainly what happened. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error('This browser cannot use the camera here. Type the value instead.');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (e) {
    const name = e instanceof DOMException ? e.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError')
      throw new Error(
        'Camera access was refused. Allow the camera for this site in the browser settings, or type the value instead.',
        { cause: e },
      );
    if (name === 'NotFoundError' || name === 'OverconstrainedError')
      throw new Error('No camera was found on this device. Type the value instead.', { cause: e });
    if (name === 'NotReadableError')
      throw new Error('The camera is in use by another app. Close it and scan again, or type the value instead.', {
        cause: e,
      });
    throw new Error('The camera could not start. Type the value instead.', { cause: e });
  }
}

export function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
