"use client";

import { useEffect, useRef, useState } from "react";
import classes from "./FallbackImage.module.css";

/**
 * An image that turns into a placeholder with the category label when it fails to load
 * (docs/product.md §2, /dream-car-competition). Also catches failures that happened before hydration.
 */
export function FallbackImage({ src, alt, label, height = 180 }: { src: string; alt: string; label: string; height?: number }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div className={classes.placeholder} style={{ height }} role="img" aria-label={alt} data-testid="image-fallback">
        <span className={classes.label}>{label}</span>
      </div>
    );
  }
  return <img ref={ref} src={src} alt={alt} className={classes.image} style={{ height }} onError={() => setFailed(true)} />;
}
