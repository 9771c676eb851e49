import { type FormEvent, useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * Drops a form's second submit while its first is on its way (Enter in a field, then a click on
 * Publish before the button greys out): the second may differ from the first (a disabled
 * Publish button no longer sends its intent), and it would cancel the first one's navigation.
 * Call it last in the form's onSubmit, once the submit is known to go ahead.
 */
export function useOneSubmitAtATime(): (event: FormEvent<HTMLFormElement>) => void {
  const navigation = useNavigation();
  const sending = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  return (event) => {
    if (sending.current) event.preventDefault();
    sending.current = true;
  };
}
