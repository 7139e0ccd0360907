import React from "react";
import { Inertia, useInertia } from "inertia-react";

export function Onboarding(): React.ReactElement {
  const playback = useInertia();
  playback.loopDuration = 4;
  return (
    <Inertia id="step0">
      <button onClick={() => playback.restart("step0")}>Step one</button>
    </Inertia>
  );
}

export function Settings(): React.ReactElement {
  return <Inertia id="settingsRow"><p>Settings</p></Inertia>;
}

export function Legacy(): React.ReactElement {
  return <p>Legacy</p>;
}
