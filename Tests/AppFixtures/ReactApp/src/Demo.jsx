import React, { useEffect } from "react";
import { Inertia, useInertia } from "inertia-react";

const help = `Tag a view: <Inertia id="ghostInATemplate">`;
const pattern = /<Inertia id="ghostInARegex"/;

export function Demo({ items = [{ id: "card0" }, { id: "card1" }] }) {
  const inertia = useInertia();
  const { trigger } = useInertia();
  useEffect(() => {
    inertia.loopDuration = 75;
  }, [inertia]);
  return (
    <div>
      <Inertia id="welcomeTitle"><h1>Welcome</h1></Inertia>
      <Inertia id="welcomeTitel"><h2>Don't miss it</h2></Inertia>
      <Inertia id="card0"><p>Card</p></Inertia>
      <Inertia id={'card1'}><p>Card</p></Inertia>
      {/* <Inertia id="ghostInAComment" /> */}
      {items.map((item) => <Inertia id={item.id} key={item.id}><p>{item.id}</p></Inertia>)}
      <p>{'<Inertia id="ghostInAString">'} {help.length} {pattern.source}</p>
      <button onClick={() => { inertia.trigger("card0"); trigger("cardd0"); trigger(`card${items.length}`); }}>
        Play
      </button>
    </div>
  );
}
