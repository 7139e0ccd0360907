// A React app with planted defects for the app rules' tests (expectations.json). Its twin,
// ../ReactAppClean, is the same app with the defects removed.
import React from "react";
import { InertiaContainer } from "inertia-react";
import { Demo } from "./Demo";
import { Onboarding, Settings, Legacy } from "./Screens";

const isDev = process.env.NODE_ENV !== "production";
const baseURL = "/animations";

export default function App(): React.ReactElement {
  return (
    <>
      {/* The editor's container, in editor mode in every build: */}
      <InertiaContainer id="animation" hierarchyId="root" baseURL={baseURL} dev>
        <Demo />
      </InertiaContainer>
      {/* Not "animation": in editor mode it receives nothing. */}
      <InertiaContainer id="onboarding" hierarchyId="onboarding" baseURL={baseURL} dev={isDev}>
        <Onboarding />
      </InertiaContainer>
      {/* settings.inertia was renamed away: the fetch fails and nothing animates. */}
      <InertiaContainer id={"settings"} hierarchyId="settings" baseURL={baseURL} dev={false}>
        <Settings />
      </InertiaContainer>
      {/* Only legacy.json is served; the runtime fetches legacy.inertia. */}
      <InertiaContainer id="legacy" hierarchyId="legacy" baseURL={baseURL} dev={false}>
        <Legacy />
      </InertiaContainer>
    </>
  );
}
