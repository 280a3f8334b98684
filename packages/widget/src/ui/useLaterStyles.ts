import { useEffect, useState } from 'react';
import { laterStyles } from '../services/laterStyles';

/** True once the message pages' sheet (styles.later.css) is in, for a screen the first load did not style. */
export function useLaterStyles(): boolean {
  const [styled, setStyled] = useState(false);
  useEffect(() => {
    let live = true;
    void laterStyles().then(() => live && setStyled(true));
    return () => {
      live = false;
    };
  }, []);
  return styled;
}
