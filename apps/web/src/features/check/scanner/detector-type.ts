/** The part of the standard BarcodeDetector the scanner uses; the native one and the polyfill both have it. */
export interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
