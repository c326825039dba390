/**
 * The snap animation on an overlay canvas, in WebGL2: the wall as it was before the snap, whose
 * snapped pixels crumble into dust drifting up and away (a sweep from left to right with jitter)
 * and give way to the snap's colour. The shader names the snapped pixels with the same hash as
 * `@pixel-wall/shared` snap.ts (uint arithmetic wraps mod 2^32 in GLSL ES 3.00), so the dust rises
 * exactly from the pixels the sync repaints. No WebGL2: `createSnapGl` returns null and the
 * caller skips the animation (SPEC §8: logged, not an error).
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@pixel-wall/shared/core';

const VERTEX = `#version 300 es
in vec2 aPos;
void main() { gl_Position = vec4(aPos, 0.0, 1.0); }`;

const FRAGMENT = `#version 300 es
precision highp float;
precision highp int;
uniform sampler2D uBefore;
uniform uint uSeed;
uniform uint uThreshold;
uniform bool uAll;
uniform vec3 uColor;
uniform float uDissolve;
uniform float uAlpha;
uniform vec4 uRect;   // canvas rect in overlay device px: x, y (top left), w, h
uniform vec2 uSize;   // overlay size in device px
out vec4 outColor;

uint snapHash(uint seed, uint id) {
  uint h = (id * 0x9e3779b1u) ^ seed;
  h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
  return h;
}
bool inside(vec2 p) { return p.x >= 0.0 && p.y >= 0.0 && p.x < ${CANVAS_WIDTH}.0 && p.y < ${CANVAS_HEIGHT}.0; }
uint idOf(vec2 p) { return uint(p.x) + uint(p.y) * ${CANVAS_WIDTH}u + 1u; }
bool snapped(uint id) { return uAll || snapHash(uSeed, id) < uThreshold; }
float crumbleAt(vec2 p, uint id) {
  float jitter = float(snapHash(uSeed ^ 0x5bd1e995u, id) >> 8) / 16777216.0;
  return p.x / ${CANVAS_WIDTH}.0 * 0.55 + jitter * 0.3;
}

void main() {
  vec2 frag = vec2(gl_FragCoord.x, uSize.y - gl_FragCoord.y);
  vec2 c = (frag - uRect.xy) / uRect.zw * vec2(${CANVAS_WIDTH}.0, ${CANVAS_HEIGHT}.0);
  vec4 color = vec4(0.0);
  if (inside(c)) {
    vec2 p = floor(c);
    uint id = idOf(p);
    color = texelFetch(uBefore, ivec2(p), 0);
    if (snapped(id)) {
      float t = crumbleAt(p, id);
      color.rgb = mix(color.rgb, uColor, smoothstep(t, t + 0.12, uDissolve) * 0.9);
    }
  }
  // Dust: look back along the wind for a crumbled pixel whose grain has just reached here.
  vec2 wind = normalize(vec2(1.0, -0.55));
  float dust = 0.0;
  vec3 dustColor = vec3(0.0);
  for (int k = 1; k <= 12; k++) {
    float s = float(k) * 3.0;
    vec2 q = floor(c - wind * s);
    if (!inside(q)) continue;
    uint qid = idOf(q);
    if (!snapped(qid)) continue;
    float age = uDissolve - crumbleAt(q, qid);
    if (age <= 0.0 || age > 0.3) continue;
    float speed = 90.0 + float(snapHash(uSeed ^ 0x27d4eb2fu, qid) >> 24) * 0.6;
    if (abs(age * speed - s) < 1.6) {
      float a = 1.0 - age / 0.3;
      if (a > dust) { dust = a; dustColor = texelFetch(uBefore, ivec2(q), 0).rgb; }
    }
  }
  color = mix(color, vec4(dustColor, 1.0), dust * 0.85);
  outColor = vec4(color.rgb * color.a, color.a) * uAlpha;
}`;

export interface SnapGl {
  draw(frame: {
    dissolve: number;
    alpha: number;
    rect: { x: number; y: number; w: number; h: number };
  }): void;
  destroy(): void;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    console.info('snap animation shader did not compile', gl.getShaderInfoLog(shader));
    return null;
  }
  return shader;
}

export function createSnapGl(
  canvas: HTMLCanvasElement,
  snap: {
    before: Uint8ClampedArray;
    seed: number;
    percentage: number;
    rgb: readonly [number, number, number];
  },
): SnapGl | null {
  let gl: WebGL2RenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl2', { premultipliedAlpha: true, alpha: true, antialias: false });
  } catch {
    gl = null;
  }
  if (!gl) return null;
  const vs = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fs = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const program = gl.createProgram();
  if (!vs || !fs || !program) return null;
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    console.info('snap animation program did not link', gl.getProgramInfoLog(program));
    return null;
  }
  const use = gl.useProgram.bind(gl);
  use(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const aPos = gl.getAttribLocation(program, 'aPos');
  gl.enableVertexAttribArray(aPos);
  gl.vertexAttribPointer(aPos, 2, gl.FLOAT, false, 0, 0);

  const texture = gl.createTexture();
  gl.activeTexture(gl.TEXTURE0);
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.texImage2D(
    gl.TEXTURE_2D,
    0,
    gl.RGBA,
    CANVAS_WIDTH,
    CANVAS_HEIGHT,
    0,
    gl.RGBA,
    gl.UNSIGNED_BYTE,
    new Uint8Array(snap.before.buffer, snap.before.byteOffset, snap.before.byteLength),
  );
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);

  const u = (name: string) => gl!.getUniformLocation(program, name);
  gl.uniform1i(u('uBefore'), 0);
  gl.uniform1ui(u('uSeed'), snap.seed >>> 0);
  const all = snap.percentage >= 100;
  gl.uniform1ui(u('uThreshold'), all ? 0 : Math.floor((snap.percentage * 0x1_0000_0000) / 100) >>> 0);
  gl.uniform1i(u('uAll'), all ? 1 : 0);
  gl.uniform3f(u('uColor'), snap.rgb[0] / 255, snap.rgb[1] / 255, snap.rgb[2] / 255);
  const uDissolve = u('uDissolve');
  const uAlpha = u('uAlpha');
  const uRect = u('uRect');
  const uSize = u('uSize');

  return {
    draw({ dissolve, alpha, rect }) {
      const g = gl!;
      g.viewport(0, 0, canvas.width, canvas.height);
      g.clearColor(0, 0, 0, 0);
      g.clear(g.COLOR_BUFFER_BIT);
      g.uniform1f(uDissolve, dissolve);
      g.uniform1f(uAlpha, alpha);
      g.uniform4f(uRect, rect.x, rect.y, rect.w, rect.h);
      g.uniform2f(uSize, canvas.width, canvas.height);
      g.drawArrays(g.TRIANGLES, 0, 3);
    },
    destroy() {
      const g = gl!;
      g.deleteTexture(texture);
      g.deleteBuffer(buffer);
      g.deleteProgram(program);
      g.deleteShader(vs);
      g.deleteShader(fs);
    },
  };
}
