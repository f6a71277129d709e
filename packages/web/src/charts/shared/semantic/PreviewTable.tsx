// The preview of the semantic viz types: their values and members drawn by the table component.
export { default } from '../../table/Chart';
