// The entry point: no JSX in a .ts file; `<HTMLElement>` is a type assertion.
import { createRoot } from "react-dom/client";
import { createElement } from "react";
import App from "./App";

const root = <HTMLElement>document.getElementById("root");
createRoot(root).render(createElement(App));
