import { createContext, useContext } from 'react';
import type { Options, Problem } from '../logic/api-types';

export type FormContextValue = {
  options: Options;
  /** The problems shown at each field, by path key. */
  problemsAt: ReadonlyMap<string, Problem[]>;
  /** Reloads the options (after an upload, so that the pickers show it). */
  refreshOptions: () => void;
};

/** The attributes every input of a field carries. */
export type Common = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; required: boolean };

export const FormContext = createContext<FormContextValue>({
  options: { categories: [], media: [] },
  problemsAt: new Map(),
  refreshOptions: () => {},
});

export const useFormContext = () => useContext(FormContext);
