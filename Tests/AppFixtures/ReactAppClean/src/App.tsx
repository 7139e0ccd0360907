// The clean twin of ../ReactApp: the same React app with its planted defects removed. The app rules find
// nothing here (expectations.json).
import React from "react";
import { InertiaContainer } from "inertia-react";
import { Demo } from "./Demo";
import { Onboarding, Settings, Legacy } from "./Screens";

const isDev = process.env.NODE_ENV !== "production";
const baseURL = "/animations";

export default function App(): React.ReactElement {
  return (
    <>
      {/* The editor's container, in editor mode in development builds: */}
      <InertiaContainer id="animation" hierarchyId="root" baseURL={baseURL} dev={isDev}>
        <Demo />
      </InertiaContainer>
      <InertiaContainer id="onboarding" hierarchyId="onboarding" baseURL={baseURL} dev={false}>
        <Onboarding />
      </InertiaContainer>
      <InertiaContainer id={"settings"} hierarchyId="settings" baseURL={baseURL} dev={false}>
        <Settings />
      </InertiaContainer>
      <InertiaContainer id="legacy" hierarchyId="legacy" baseURL={baseURL} dev={false}>
        <Legacy />
      </InertiaContainer>
    </>
  );
}
