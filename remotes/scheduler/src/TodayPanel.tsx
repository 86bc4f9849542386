// The module area.json's dashboard panel names (./TodayPanel, exposed by the area's build): the panel lives in ./today.
export { default } from './today/TodayPanel';
