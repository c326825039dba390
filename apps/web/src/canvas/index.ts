export {
  type AnimateOptions,
  animateCamera,
  createZoomRepeater,
  type Easing,
  easeInOutCubic,
  easeOutCubic,
  type FrameClock,
  interpolateCamera,
  linear,
  type TimerApi,
  type ZoomRepeater,
  type ZoomRepeaterOptions,
} from './animation.ts';
export {
  type Camera,
  type CanvasPoint,
  canvasPoint,
  canvasToScreen,
  centreOn,
  clampCamera,
  clampScale,
  type DeviceTransform,
  deviceTransform,
  fitCamera,
  type Insets,
  NO_INSETS,
  type Pixel,
  panBy,
  pixelAt,
  type ScreenPoint,
  sameCamera,
  screenPoint,
  screenToCanvas,
  type Viewport,
  zoomAt,
} from './camera.ts';
export * from './constants.ts';
export {
  createGestureMachine,
  type GestureCallbacks,
  type GestureInput,
  type GestureMachine,
  type GestureOptions,
  type GestureState,
  type PointerInput,
  type WheelInput,
} from './gestures.ts';
export { indicesFromRgba } from './palette-indices.ts';
export { createPixelStore, type DirtyRect, type PixelStore } from './pixel-store.ts';
export {
  type CanvasLayer,
  clampFps,
  createRenderer,
  drawClipped,
  type OverlayImage,
  type Renderer,
  type RendererOptions,
} from './renderer.ts';
export {
  createTemplateLayer,
  type LayerTemplate,
  type TemplateLayer,
  templateIndicesFromRgba,
} from './template-layer.ts';
export { type CanvasView, type CanvasViewOptions, createCanvasView } from './view.ts';
